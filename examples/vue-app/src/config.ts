/**
 * Where the widgets find your Inlay server and what they show, from Vite's environment (put them
 * in `.env.local`; see README.md). Only a publishable key ever goes into a browser bundle.
 */
const env = import.meta.env;

export const config = {
  /** Your Inlay server, e.g. `http://localhost:3000` for `inlay start --demo`. */
  inlayUrl: env.VITE_INLAY_URL ?? 'http://localhost:3000',
  publishableKey: env.VITE_INLAY_PUBLISHABLE_KEY ?? '',
  flowId: env.VITE_INLAY_FLOW_ID ?? '',
  /** A tour (`presentation: "tour"`, `start: "manual"`) over this page and /reports.html. */
  tourId: env.VITE_INLAY_TOUR_ID ?? '',
  boardId: env.VITE_INLAY_BOARD_ID ?? '',
  importerId: env.VITE_INLAY_IMPORTER_ID ?? '',
  /**
   * The signed-in user. Test keys accept a user id as it is; with live keys, pass
   * `getAuthorToken` instead (docs/widgets.md, "Author tokens").
   */
  userId: env.VITE_INLAY_USER_ID ?? 'demo-user',
};
