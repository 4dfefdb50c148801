/** Seconds from which recency counts; any fixed instant works, it only shifts every score. */
const EPOCH_SEC = Date.parse('2026-01-01T00:00:00Z') / 1000;
/** Seconds of age worth one factor of ten in votes (12.5 hours). */
const DECADE_SEC = 45_000;
/** Slack for floating-point rounding when a score is turned back into a time. */
const ROUNDING_MS = 1_000;
const EARLIEST_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Trending score: the log of the votes plus the post's age, as Reddit's "hot" ranking does. A
 * post needs ten times the votes to outrank one 12.5 hours newer. It depends only on the vote
 * count and the creation time, so it is stored and updated on every vote, and sorting by it
 * never aggregates per request.
 */
export function trendingScore(voteCount: number, createdAt: string): number {
  return Math.log10(Math.max(voteCount, 1)) + (Date.parse(createdAt) / 1000 - EPOCH_SEC) / DECADE_SEC;
}

/**
 * The earliest creation time (ISO 8601) of a post that can score `score` or more when no post
 * has more than `maxVotes` votes: an older post scores less even with the most votes. What
 * bounds the window a trending list reads.
 */
export function earliestToReach(score: number, maxVotes: number): string {
  const seconds = EPOCH_SEC + (score - Math.log10(Math.max(maxVotes, 1))) * DECADE_SEC;
  const ms = seconds * 1000 - ROUNDING_MS;
  // Outside the dates an ISO string can order (a score from a forged cursor), clamp.
  return new Date(Number.isNaN(ms) ? EARLIEST_MS : Math.min(Math.max(ms, EARLIEST_MS), LATEST_MS)).toISOString();
}
