/** What a like or unlike did: the new count, and whether a like was actually added or removed. */
export interface LikeChange {
  likes: number;
  changed: boolean;
}

/** Reads the row a like/unlike statement returns (none when the liked thing is gone). */
export function likeChange(row: { likes_count: number; changed: number } | undefined): LikeChange {
  return { likes: row?.likes_count ?? 0, changed: (row?.changed ?? 0) > 0 };
}
