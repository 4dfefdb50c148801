import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../context.js';
import { RateLimit } from '../../plugins/rate-limiter.js';

/**
 * The anti-spam limits of posts (docs/feedback.md, Create a post), for posts or comments, each
 * counted on its own: per client address (`rateLimits.postsPerClient`) and per author
 * (`rateLimits.postsPerAuthor`). Counted once across instances when the server shares its
 * counts (`rateLimits.store`). Answers the check a write makes before it stores anything.
 */
export function antiSpam(parent: FastifyInstance, what: 'posts' | 'comments'): (request: FastifyRequest, authorKey: string) => Promise<void> {
  const { options } = parent.inlay;
  const counts = parent.sharedRateCounts;
  const perClient = new RateLimit(options.rateLimits.postsPerClient, (retryAfter) => `Too many ${what} from this address; retry after ${retryAfter} s.`, counts && { counts, name: `${what}-client` });
  const perAuthor = new RateLimit(options.rateLimits.postsPerAuthor, (retryAfter) => `Too many ${what} by this author; retry after ${retryAfter} s.`, counts && { counts, name: `${what}-author` });
  return async (request, authorKey) => {
    await perClient.hit(`${authOf(request).keyId}:${request.ip}`);
    await perAuthor.hit(authorKey);
  };
}
