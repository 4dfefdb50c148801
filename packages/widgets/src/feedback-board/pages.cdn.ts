import { cdnModule } from '../base/cdn-locales.js';
import type * as BoardViewsModule from './board-views.js';
import type * as PostPageModule from './post-page.js';

/** The script-tag bundle's post page and views: `inlay-feedback-board.post.js` and `.views.js` beside it (vite.config.ts). @internal */
export const loadPostPage = (): Promise<typeof PostPageModule> => cdnModule('inlay-feedback-board.post');
export const loadBoardViews = (): Promise<typeof BoardViewsModule> => cdnModule('inlay-feedback-board.views');
