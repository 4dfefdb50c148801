import { InlayChecklist, InlayFeedbackBoard, InlayImporter } from '@inlay/react';
import { useEffect, useState } from 'react';
import { config } from './config.js';

/** One page of a customer's app with Inlay's three widgets, and what their events said. */
export function App() {
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [...lines, line]);
  // The board's post page follows the URL's hash, as a router would (docs/widgets.md, Post pages).
  const [postId, setPostId] = useState(() => location.hash.slice(1));
  const showPost = (id: string) => {
    history.pushState(null, '', id ? `#${id}` : location.pathname);
    setPostId(id);
  };
  useEffect(() => {
    const follow = () => setPostId(location.hash.slice(1));
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);

  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 24, display: 'grid', gap: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Acme</h1>
      <InlayChecklist
        flowId={config.flowId}
        publishableKey={config.publishableKey}
        baseUrl={`${config.inlayUrl}/onboarding`}
        userId={config.userId}
        traits={{ plan: 'pro' }}
        onInlayItemComplete={(event) => note(`completed ${event.detail.itemId}`)}
        onInlayError={(event) => note(`checklist error: ${event.detail.error.message}`)}
      />
      <InlayFeedbackBoard
        boardId={config.boardId}
        publishableKey={config.publishableKey}
        baseUrl={`${config.inlayUrl}/feedback`}
        authorId={config.userId}
        postId={postId}
        onInlayPostOpen={(event) => showPost(event.detail.postId)}
        onInlayPostClose={() => showPost('')}
        onInlayVote={(event) => note(`voted ${event.detail.voted ? 'for' : 'against'} ${event.detail.postId}: ${event.detail.voteCount ?? '?'} votes`)}
        onInlayError={(event) => note(`board error: ${event.detail.error.message}`)}
      />
      <InlayImporter
        importerId={config.importerId}
        publishableKey={config.publishableKey}
        baseUrl={`${config.inlayUrl}/importer`}
        onInlayImportComplete={(event) => note(`imported ${event.detail.rowCount} rows`)}
      />
      <section aria-label="Events">
        <h2>Events</h2>
        <ol id="events">
          {log.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}
