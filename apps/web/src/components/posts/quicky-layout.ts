/**
 * docs/product.md §2: "the quickys grid makes every 3rd and 6th tile tall". Read as: in each run of
 * six tiles, the 3rd and the 6th are tall, which is every tile whose 1-based position is a
 * multiple of 3 (3, 6, 9, 12, …), i.e. zero-based index % 3 === 2. A tall tile spans two grid rows;
 * as every tile is one column wide, auto-placement never leaves a hole, on three columns (phones)
 * as on four or five (wider screens; see .quicky-grid in profile.css).
 */
export function isTallQuickyTile(index: number): boolean {
  return index % 3 === 2;
}
