/** Pure and without imports: the phone flags members collected twice on its first load, without the form code. */
/** Members collected more than once on the day: the manager checks them (nothing is overwritten). */
export function membersCollectedTwice(collections: readonly { memberId: string }[]): string[] {
  const seen = new Map<string, number>();
  for (const c of collections) seen.set(c.memberId, (seen.get(c.memberId) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}
