/**
 * Reads a text/event-stream body chunk by chunk: feed it text as it arrives, it calls back with
 * each complete event's data (the JSON the live channel sends). Comments and retry lines are skipped.
 */
export function createEventStreamParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) onData(data);
      boundary = buffer.indexOf('\n\n');
    }
  };
}
