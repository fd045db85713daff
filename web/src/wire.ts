// Each title's log events and action fields as its schemas type them: discriminated unions by
// `event` and `kind` (src/wire/*.ts, generated from schema/<title>-log.schema.json and
// -actions.schema.json, which the titles' tables give; docs/view.md). The view types `log_events`
// and `action_fields` alike for every title; tests/core/wire_schema_test.cpp checks that a title's
// engine sends only what its schemas list, so a title's module reads them through these.
import type { ActionFields, LogEvent } from './api';

export type { ChurchillLogEvent } from './wire/churchill-log';
export type { ChurchillActionFields } from './wire/churchill-actions';
export type { WarRoomLogEvent } from './wire/warroom-log';
export type { WarRoomActionFields } from './wire/warroom-actions';
export type { HillsLogEvent } from './wire/hills-log';
export type { HillsActionFields } from './wire/hills-actions';

// A log entry of the title whose events are `E`; undefined for none and for the server's clock
// notes (rule "", docs/server.md), which no title's schema lists.
export function titleEvent<E extends { event: string }>(e: LogEvent | null | undefined): E | undefined {
  return e && e.rule !== '' && typeof e.event === 'string' ? (e as unknown as E) : undefined;
}

// An action's fields as the title whose actions are `F` sends them.
export function titleFields<F extends { kind: string }>(f: ActionFields | undefined): F | undefined {
  return f as unknown as F | undefined;
}
