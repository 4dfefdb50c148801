import { css, moduleSheet } from '../base/module-sheet.js';

/**
 * Styles of the hotspots' beacons, in their module (hotspots.ts): adopted into the tour's shadow
 * root when hotspots first render there, after the tour's own (tour.styles.ts), as a strict
 * `style-src` allows. @internal
 */
export const adoptHotspotStyles = moduleSheet(css`
  .beacon {
    width: 24px;
    height: 24px;
    min-height: 0;
    padding: 0;
    border: 3px solid var(--_surface);
    border-radius: 50%;
    background: var(--_accent);
  }

  @media (prefers-reduced-motion: no-preference) {
    .beacon {
      animation: pulse 1.6s ease-out infinite;
    }

    @keyframes pulse {
      70% {
        box-shadow: 0 0 0 10px color-mix(in srgb, var(--_accent) 0%, transparent);
      }
      0% {
        box-shadow: 0 0 0 0 color-mix(in srgb, var(--_accent) 60%, transparent);
      }
    }
  }
`);
