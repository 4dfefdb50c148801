import { css } from 'lit';

/**
 * `<inlay-importer>` in a narrow card (a 375 px phone, docs/widgets.md): the step indicator keeps
 * one row — the current step named, the others by number (their names stay for screen readers) —
 * the check-file preview puts a row's cells on lines of their own under its number, and the
 * mapping table shows each file column as a card, its samples on the card's whole width, and the
 * value-mapping tables keep to the card's width. Container queries, so a narrow sidebar on a wide
 * screen gets the same.
 * @internal
 */
export const narrowStyles = css`
  .header,
  .setup {
    container-type: inline-size;
  }

  @container (max-width: 30rem) {
    .header-row {
      flex-wrap: wrap;
      row-gap: 4px;
    }

    /* Under "Row 1", as wide as the row: each value whole up to the row's width. */
    .header-row .cells {
      flex: 1 1 100%;
      flex-wrap: wrap;
      margin-inline-start: calc(13px + 10px);
    }

    .header-row .chip {
      max-width: 100%;
    }
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

  /*
   * A phone: each column of the file as a card, its name, its picker and its samples each on the
   * card's whole width, rather than three columns too narrow for any (beside the name, a picker
   * cut "Email (required)" short and a confidence badge wrapped in German). Still a table to a
   * screen reader, its header row only hidden from sight.
   */
  @container (max-width: 26rem) {
    table[part~='mapping'],
    table[part~='mapping'] tbody {
      display: block;
    }

    table[part~='mapping'] thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }

    table[part~='mapping'] tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      grid-template-areas: 'name' 'field' 'samples';
      gap: 6px 10px;
      padding: 10px;
      border-bottom: 1px solid var(--_border);
    }

    table[part~='mapping'] tr:last-child {
      border-bottom: 0;
    }

    table[part~='mapping'] th,
    table[part~='mapping'] td {
      padding: 0;
      border-bottom: 0;
    }

    table[part~='mapping'] tbody th {
      grid-area: name;
    }

    table[part~='mapping'] .field {
      grid-area: field;
    }

    table[part~='mapping'] .samples {
      grid-area: samples;
    }

    table[part~='mapping'] .samples .chip {
      margin: 2px 4px 2px 0;
      font-size: 0.9em;
    }

    table[part~='mapping'] select {
      padding-inline: 4px 0;
      text-overflow: ellipsis;
    }

    /* The value-mapping tables keep to the card's width whatever their options' names. */
    table[part~='value-table'] {
      table-layout: fixed;
    }

    table[part~='value-table'] thead .value-count {
      width: 4.5em;
    }

    table[part~='value-table'] .chip {
      display: inline-block;
      max-width: 100%;
      vertical-align: middle;
    }

    table[part~='value-table'] select {
      width: 100%;
      text-overflow: ellipsis;
    }
  }
`;
