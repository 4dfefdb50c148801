/** Seconds from which recency counts; any fixed instant works, it only shifts every score. */
const EPOCH_SEC = Date.parse('2026-01-01T00:00:00Z') / 1000;

/**
 * Trending score: the log of the votes plus the post's age, as Reddit's "hot" ranking does. A
 * post needs ten times the votes to outrank one 12.5 hours newer. It depends only on the vote
 * count and the creation time, so it is stored and updated on every vote, and sorting by it
 * never aggregates per request.
 */
export function trendingScore(voteCount: number, createdAt: string): number {
  return Math.log10(Math.max(voteCount, 1)) + (Date.parse(createdAt) / 1000 - EPOCH_SEC) / 45_000;
}
