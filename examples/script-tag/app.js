/* global document */
// What the widgets' events said, listed under them (the events bubble out of the elements).
const log = document.getElementById('events');
const note = (text) => log.append(Object.assign(document.createElement('li'), { textContent: text }));

document.addEventListener('inlay-item-complete', (event) => note(`completed ${event.detail.itemId}`));
document.addEventListener('inlay-post-open', (event) => note(`opened ${event.detail.postId}`));
document.addEventListener('inlay-vote', (event) => note(`voted ${event.detail.voted ? 'for' : 'against'} ${event.detail.postId}: ${event.detail.voteCount ?? '?'} votes`));
document.addEventListener('inlay-import-complete', (event) => note(`imported ${event.detail.rowCount} rows`));
document.addEventListener('inlay-error', (event) => note(`error: ${event.detail.error.message}`));

// A manual tour (start: "manual"): this button starts it; later pages resume it from the progress.
document.getElementById('take-tour').addEventListener('click', () => document.querySelector('inlay-tour').start());
