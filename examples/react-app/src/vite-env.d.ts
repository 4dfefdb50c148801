/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_INLAY_URL?: string;
  readonly VITE_INLAY_PUBLISHABLE_KEY?: string;
  readonly VITE_INLAY_FLOW_ID?: string;
  readonly VITE_INLAY_TOUR_ID?: string;
  readonly VITE_INLAY_BOARD_ID?: string;
  readonly VITE_INLAY_IMPORTER_ID?: string;
  readonly VITE_INLAY_USER_ID?: string;
}
