const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a request is a uuid, checked before it reaches SQL (a bad one is a 404 or 400, not a 500). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
