import { POST_STATUS_LABELS, type PostStatus } from '@inlay/core';

/**
 * The text of each email (docs/feedback.md, "Email"): plain text only, so nothing a user wrote
 * is ever rendered as HTML, and every message ends with its unsubscribe link.
 */

export interface Message {
  subject: string;
  text: string;
}

function footer(unsubscribeUrl: string): string {
  return `\n\n--\nYou get this email because you voted for or commented on this request.\nUnsubscribe: ${unsubscribeUrl}\n`;
}

/** A subject line keeps to one line whatever a title holds. */
function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function statusMessage(input: { title: string; from: PostStatus; to: PostStatus; unsubscribeUrl: string }): Message {
  return {
    subject: `“${oneLine(input.title)}” is now ${POST_STATUS_LABELS[input.to]}`,
    text: `“${input.title}” moved from ${POST_STATUS_LABELS[input.from]} to ${POST_STATUS_LABELS[input.to]}.${footer(input.unsubscribeUrl)}`,
  };
}

export function teamCommentMessage(input: { title: string; author: string | null; body: string; unsubscribeUrl: string }): Message {
  return {
    subject: `The team replied on “${oneLine(input.title)}”`,
    text: `${input.author ?? 'The team'} wrote on “${input.title}”:\n\n${input.body}${footer(input.unsubscribeUrl)}`,
  };
}
