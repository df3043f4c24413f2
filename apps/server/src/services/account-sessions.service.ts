import type { AccountSessionsResponse, LogoutOthersResponse } from '@wag/contract/account-security';
import { NotFoundError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import type { Language } from '@wag/contract/preferences-rules';
import { describeDevice, describeLocation } from '../lib/session-device.js';
import { isUuid } from '../lib/uuid.js';
import type { SessionsRepository } from '../repositories/sessions.repository.js';
import type { Viewer } from './auth.service.js';

/** The login-activity list: the account's signed-in devices, and ending one or all but this one. */
export function createAccountSessionsService({ sessions }: { sessions: SessionsRepository }) {
  return {
    /** Devices and places named in `language` (the request's). */
    async list(viewer: Viewer, language: Language): Promise<AccountSessionsResponse> {
      const rows = await sessions.listOf(viewer.userId);
      const items = await Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          device: describeDevice(row.user_agent, language),
          location: await describeLocation(row.ip, language),
          ip: row.ip,
          createdAt: new Date(row.created_at).toISOString(),
          lastSeenAt: new Date(row.last_seen_at).toISOString(),
          current: row.id === viewer.sessionId,
        })),
      );
      return { items };
    },

    /** Ends one of the account's sessions (this one included: that is a logout); another account's id is not found. */
    async end(viewer: Viewer, sessionId: string): Promise<{ success: true }> {
      if (!isUuid(sessionId) || !(await sessions.endOne(viewer.userId, sessionId))) throw new NotFoundError(messages.sessionNotFound);
      return { success: true };
    },

    async endOthers(viewer: Viewer): Promise<LogoutOthersResponse> {
      const ended = await sessions.endOthers(viewer.userId, viewer.sessionId);
      return { success: true, ended: ended.length };
    },
  };
}
