import { InlayChecklist, InlayFeedbackBoard, InlayImporter, InlayTour } from '@inlay/react';
import { useEffect, useRef, useState } from 'react';
import { config } from './config.js';

/**
 * A customer's app with Inlay's widgets and what their events said, and a second page
 * (/reports.html, switched with history.pushState) that a product tour continues on.
 */
export function App() {
  const [log, setLog] = useState<string[]>([]);
  const [path, setPath] = useState(location.pathname);
  const tour = useRef<HTMLElementTagNameMap['inlay-tour']>(null);
  const note = (line: string) => setLog((lines) => [...lines, line]);
  // The board's post page follows the URL's hash, as a router would (docs/widgets.md, Post pages).
  const [postId, setPostId] = useState(() => location.hash.slice(1));
  const showPost = (id: string) => {
    history.pushState(null, '', id ? `${location.pathname}#${id}` : location.pathname);
    setPostId(id);
  };
  useEffect(() => {
    // Back and forward: the page and the post the URL names.
    const follow = () => {
      setPath(location.pathname);
      setPostId(location.hash.slice(1));
    };
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);
  const go = (to: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    history.pushState(null, '', to);
    setPath(to);
  };

  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 24, display: 'grid', gap: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Acme</h1>
      <nav>
        <a href="/" onClick={go('/')}>Home</a> <a href="/reports.html" onClick={go('/reports.html')}>Reports</a>{' '}
        <button type="button" onClick={() => tour.current?.start()}>Take the tour</button>
      </nav>
      <InlayTour ref={tour} flowId={config.tourId} publishableKey={config.publishableKey} baseUrl={`${config.inlayUrl}/onboarding`} userId={config.userId} />
      {path === '/reports.html' ? (
        <section data-tour="reports" aria-label="Revenue">
          <h2>Revenue</h2>
          <p>Updated every night.</p>
        </section>
      ) : (
        <Home note={note} postId={postId} showPost={showPost} />
      )}
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

/** The home page: the three widgets; the board's post page bound to the URL's hash. */
function Home({ note, postId, showPost }: { note: (line: string) => void; postId: string; showPost: (id: string) => void }) {
  return (
    <>
      <InlayChecklist
        data-tour="checklist"
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
    </>
  );
}
