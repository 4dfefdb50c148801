import { InlayChecklist, InlayFeedbackBoard, InlayImporter, InlayTour } from '@inlay/react';
import { useRef, useState } from 'react';
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
        <Home note={note} />
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

/** The home page: the three widgets. */
function Home({ note }: { note: (line: string) => void }) {
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
