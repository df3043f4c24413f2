import type { PostSummary } from '@wag/contract/profiles';
import { tileImage } from './post-media';
import type { TileLoading } from './post-tile';

/**
 * The first screen's tiles of a grid (posts or quickys) are fetched at once, the likely largest paint
 * before the others (the quicky grid's lead tile, below); the rest as they come near.
 */
export const EAGER_TILES = 6;

/** A tile the grid draws with its picture (post-grid.tsx's TileBody): ready, not locked, and with one. */
function drawnWithPicture(post: PostSummary): boolean {
  return post.status === 'ready' && tileImage(post) !== null;
}

/**
 * The quicky grid's first-screen tile whose picture is likely the page's largest paint: the first tall
 * one (the largest on any screen; on a phone's three columns the next tall one is half below the
 * fold) when it is drawn with a picture, else the first tile that is; -1 when none is.
 */
export function quickyLeadTile(posts: readonly PostSummary[], tall: readonly boolean[]): number {
  const first = posts.slice(0, EAGER_TILES);
  const firstTall = first.findIndex((_post, index) => tall[index] ?? false);
  if (firstTall >= 0 && drawnWithPicture(first[firstTall]!)) return firstTall;
  return first.findIndex(drawnWithPicture);
}

/**
 * How the quicky grid fetches a tile's picture: the first screen's at once, the lead tile's
 * (quickyLeadTile) before the others, so a phone's line carries the largest paint first.
 */
export function quickyTileLoading(index: number, lead: number): TileLoading {
  return index >= EAGER_TILES ? 'lazy' : index === lead ? 'high' : 'eager';
}

/**
 * docs/product.md §2: "the quickys grid makes every 3rd and 6th tile tall". Read as: in each run of
 * six tiles, the 3rd and the 6th are tall, which is every tile whose 1-based position is a
 * multiple of 3 (3, 6, 9, 12, …), i.e. zero-based index % 3 === 2. A tall tile spans two grid rows.
 */
export function isTallQuickyTile(index: number): boolean {
  return index % 3 === 2;
}

/**
 * Where each tile lands, placed as CSS grid's `grid-auto-flow: dense` places them (each tile one
 * column wide, tall ones two rows high): row-major cell numbers, one list per tile.
 */
export function placeQuickyTiles(tall: readonly boolean[], columns: number): number[][] {
  const taken = new Set<number>();
  return tall.map((isTall) => {
    for (let cell = 0; ; cell += 1) {
      const below = cell + columns;
      if (taken.has(cell) || (isTall && taken.has(below))) continue;
      const cells = isTall ? [cell, below] : [cell];
      for (const spot of cells) taken.add(spot);
      return cells;
    }
  });
}

/** Whether the tiles fill the grid from its first cell with no empty cell before the last tile's. */
export function fillsWithoutHoles(placement: readonly number[][]): boolean {
  const cells = placement.flat();
  return cells.length === 0 || Math.max(...cells) === cells.length - 1;
}

/**
 * Which tiles of a quickys grid of `count` tiles on `columns` columns are tall: the product's rule,
 * except that a tall tile which would leave an empty cell beside it (the end of the list comes before
 * the cells around it are filled, e.g. three quickys on three columns) is drawn regular, starting from
 * the last. Regular tiles only always fill the grid, so this ends with no hole.
 */
export function quickyTallTiles(count: number, columns: number): boolean[] {
  const tall = Array.from({ length: count }, (_, index) => isTallQuickyTile(index));
  const span = Math.max(1, Math.floor(columns));
  while (!fillsWithoutHoles(placeQuickyTiles(tall, span))) {
    const last = tall.lastIndexOf(true);
    if (last < 0) break;
    tall[last] = false;
  }
  return tall;
}
