import { css } from 'lit';

/**
 * `<inlay-importer>` in a narrow card (a 375 px phone, docs/widgets.md): the step indicator keeps
 * one row — the current step named, the others by number (their names stay for screen readers) —
 * and the column picker of the mapping table gets the room its field names need. Container
 * queries, so a narrow sidebar on a wide screen gets the same.
 * @internal
 */
export const narrowStyles = css`
  .header {
    container-type: inline-size;
  }

  @container (max-width: 30rem) {
    .steps {
      flex: 1 1 100%;
      flex-wrap: nowrap;
      gap: 2px;
    }

    .steps li {
      padding: 3px 8px;
      white-space: nowrap;
    }

    .steps li:not(.current) .step-label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }

    .steps li:not(.current)::before {
      content: counter(step);
    }
  }

  @container (max-width: 26rem) {
    table[part~='mapping'] thead th:nth-child(1) {
      width: 30%;
    }

    table[part~='mapping'] thead th:nth-child(2) {
      width: 20%;
    }

    table[part~='mapping'] .samples .chip,
    table[part~='mapping'] .column-name {
      font-size: 0.9em;
    }

    table[part~='mapping'] select {
      padding-inline: 4px 0;
      text-overflow: ellipsis;
    }
  }
`;
