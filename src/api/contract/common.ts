import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';

/** What every failure looks like on the wire: the envelope with data null. */
export const ErrorResponse = Envelope(Type.Null());
export type ErrorResponse = Static<typeof ErrorResponse>;

/** Application identifiers (docs/rules/roles.md#application-identifiers): the appkey signature header must be one of these. */
export const APP_KEYS = ['wna', 'smile', 'gopher'] as const;
export type AppKey = (typeof APP_KEYS)[number];
