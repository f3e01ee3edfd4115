// The history's filter form: text, model, host, outcome, diagnostic code, source (sent, captured,
// imported) and capture session. The text fields are applied once typing pauses (History
// debounces them); the menus at once.

import type { DiagnosticCode } from '../../shared/analysis/diagnostics/catalogue.ts';
import type { RecordingOrigin } from '../../shared/api/recordings.ts';
import type { Outcome } from '../../shared/recording/types.ts';
import { CODES, ORIGIN_WORDS, OUTCOME_WORDS, OUTCOMES, RECORDING_ORIGINS } from './query.ts';
import type { Filters } from './query.ts';

interface HistoryFiltersProps {
  readonly id: string;
  readonly filters: Filters;
  readonly onChange: (filters: Filters) => void;
  /** Models and hosts seen in the rows loaded, offered as suggestions. */
  readonly models: readonly string[];
  readonly hosts: readonly string[];
  /** Capture sessions to offer (./query.ts sessionChoices). */
  readonly sessions: readonly string[];
}

export function HistoryFilters({ id, filters, onChange, models, hosts, sessions }: HistoryFiltersProps) {
  const set = <K extends keyof Filters>(field: K, value: Filters[K]): void => onChange({ ...filters, [field]: value });
  return (
    <form className="history-filters" role="search" aria-label="Search recordings" onSubmit={(event) => event.preventDefault()}>
      <label className="history-search">
        Search
        <input type="search" className="field" value={filters.text} placeholder="Name, URL, model or tag" spellCheck={false} onChange={(event) => set('text', event.target.value)} />
      </label>
      <label>
        Model
        <input type="search" className="field" list={`${id}-models`} value={filters.model} placeholder="Any model" spellCheck={false} onChange={(event) => set('model', event.target.value)} />
      </label>
      <datalist id={`${id}-models`}>
        {models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <label>
        Host
        <input type="search" className="field" list={`${id}-hosts`} value={filters.host} placeholder="Any host" spellCheck={false} onChange={(event) => set('host', event.target.value)} />
      </label>
      <datalist id={`${id}-hosts`}>
        {hosts.map((host) => (
          <option key={host} value={host} />
        ))}
      </datalist>
      <label>
        Outcome
        <select value={filters.outcome} onChange={(event) => set('outcome', event.target.value as Outcome | '')}>
          <option value="">Any outcome</option>
          {OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {OUTCOME_WORDS[outcome]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Finding
        <select value={filters.code} onChange={(event) => set('code', event.target.value as DiagnosticCode | '')}>
          <option value="">Any finding</option>
          {CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label>
        Source
        <select value={filters.origin} onChange={(event) => set('origin', event.target.value as RecordingOrigin | '')}>
          <option value="">All</option>
          {RECORDING_ORIGINS.map((origin) => (
            <option key={origin} value={origin}>
              {ORIGIN_WORDS[origin]}
            </option>
          ))}
        </select>
      </label>
      <label className="history-session">
        Capture session
        <select value={filters.session} onChange={(event) => set('session', event.target.value)}>
          <option value="">Any session</option>
          {sessions.map((session) => (
            <option key={session} value={session}>
              {session}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
