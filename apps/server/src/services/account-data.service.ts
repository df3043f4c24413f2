import path from 'node:path';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { SWEEP_GRACE_MS } from '../jobs/storage-sweep.js';
import type { Language } from '@wag/contract/preferences-rules';
import type { Clock } from '../lib/clock.js';
import { UnauthorizedError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { describeDevice } from '../lib/session-device.js';
import type { MediaStore } from '../media/media-store.js';
import { isFileKey } from '../media/storage.js';
import type { AccountDataRepository } from '../repositories/account-data.repository.js';
import type { JobsRepository } from '../repositories/jobs.repository.js';
import type { Viewer } from './auth.service.js';
import type { PasswordCheck } from './password-check.js';
import type { RateLimitService } from './rate-limit.service.js';

export interface AccountDataServiceDeps {
  data: AccountDataRepository;
  jobs: JobsRepository;
  rateLimits: RateLimitService;
  confirmPassword: PasswordCheck;
  clock: Clock;
  /** Where the media files are kept (media/media-store.ts). */
  store: MediaStore;
  /** Wakes the job worker after the storage sweep was queued. */
  jobsQueued: () => void;
  /** Deletes stored identity documents (lib/identity-vault.ts). */
  removeIdentityDocuments: (keys: string[]) => Promise<void>;
}

/** Messages read per statement while the export writes them. */
const MESSAGES_PAGE = 500;

/** An export: the zip as it is written, and the name to save it under. */
export interface AccountExport {
  fileName: string;
  stream: Readable;
}

const README = `Tus datos de WAG
================

Este archivo contiene lo que WAG guarda de tu cuenta, tal como estaba al descargarlo:

- perfil.json: tu perfil, tus datos personales y tus preferencias.
- publicaciones.json y la carpeta publicaciones/: tus publicaciones y Quickys, con sus fotos y vídeos.
- historias.json y la carpeta historias/: tus historias (también las destacadas), con sus fotos y vídeos.
- comentarios.json: los comentarios que escribiste.
- mensajes.json: tus mensajes directos, enviados y recibidos.
- seguidos.json y seguidores.json: a quién sigues y quién te sigue.
- me-gusta.json y guardados.json: las publicaciones que te gustaron y las que guardaste.
- bloqueados.json y reportes.json: a quién bloqueaste y lo que reportaste.
- sesiones.json: los dispositivos con la sesión abierta.
- suscripciones.json y pagos.json: tus suscripciones VIP (a otros y de otros a ti) y cada pago que hiciste
  o recibiste, con la comisión de WAG. De las tarjetas solo se guardan la marca y los cuatro últimos dígitos.

Las fechas están en UTC (ISO 8601). Los importes están en centavos de su moneda.
`;

/** Your data to take away (a zip streamed as it is written) and a way to leave (the account deleted). */
export function createAccountDataService({ data, jobs, rateLimits, confirmPassword, clock, store, jobsQueued, removeIdentityDocuments }: AccountDataServiceDeps) {
  /** A stored media file, if it is still there (a story's file may be swept already). */
  async function mediaFile(key: string | null): Promise<{ key: string; stat: { size: number; lastModified: Date } } | null> {
    // Keys are written by the server, but only a well-formed media file key is ever read.
    if (!key || !isFileKey(key)) return null;
    const stat = await store.stat(key);
    return stat ? { key, stat } : null;
  }

  /** Adds a stored file to the zip: its bytes are fetched only when the zip reaches it. */
  function addStored(zip: ZipFile, file: { key: string; stat: { size: number; lastModified: Date } }, name: string): void {
    zip.addReadStream(store.openLazily(file.key), name, { mtime: file.stat.lastModified, size: file.stat.size });
  }

  /** mensajes.json written page by page as the zip reaches it: the largest part of an export is never held whole. */
  async function* messagesJson(userId: string, files: ReadonlyMap<string, string>): AsyncGenerator<string> {
    yield '[';
    let after: { at: string; id: string } | null = null;
    let first = true;
    for (;;) {
      const page = await data.messagesPage(userId, after, MESSAGES_PAGE);
      for (const m of page) {
        const item = { id: m.id, with: m.with, sentByMe: m.sent_by_me, text: m.text, createdAt: m.created_at, readAt: m.read_at, file: files.get(m.id) ?? null };
        yield `${first ? '\n' : ',\n'}  ${JSON.stringify(item)}`;
        first = false;
      }
      if (page.length < MESSAGES_PAGE) break;
      const last = page[page.length - 1]!;
      after = { at: last.cursor_at, id: last.id };
    }
    yield first ? ']\n' : '\n]\n';
  }

  return {
    /**
     * GET /api/account/export: every piece of the person's data as JSON, with their posts', stories'
     * and profile picture's files. Limited per account: each export reads everything the account has.
     */
    async export(viewer: Viewer, ip: string | null, language: Language): Promise<AccountExport> {
      await rateLimits.take('accountExport', { userId: viewer.userId, ip });
      const all = await data.exportData(viewer.userId);
      if (!all) throw new UnauthorizedError(messages.unauthorized);
      const zip = new ZipFile();
      const json = (name: string, value: unknown) => zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2) + '\n'), name);
      const { profile } = all;

      zip.addBuffer(Buffer.from(README), 'LEEME.txt');
      const avatar = await mediaFile(profile.avatar_key ? `${profile.avatar_key}/avatar-256.webp` : null);
      if (avatar) addStored(zip, avatar, 'perfil/foto-de-perfil.webp');
      json('perfil.json', {
        username: profile.username,
        fullName: profile.full_name,
        email: profile.email,
        emailConfirmed: profile.email_confirmed_at !== null,
        phone: profile.phone,
        birthDate: profile.birth_date,
        bio: profile.bio,
        verified: profile.is_verified,
        role: profile.role,
        createdAt: profile.created_at,
        profilePicture: avatar ? 'perfil/foto-de-perfil.webp' : null,
        preferences: all.preferences,
      });

      const mediaOf = new Map<string, string[]>();
      for (const item of all.postMedia) {
        const files: string[] = mediaOf.get(item.post_id) ?? [];
        for (const key of [item.image_key, item.video_key]) {
          const file = await mediaFile(key);
          if (!file) continue;
          const name = `publicaciones/${item.post_id}/${item.position + 1}-${path.posix.basename(file.key)}`;
          addStored(zip, file, name);
          files.push(name);
        }
        mediaOf.set(item.post_id, files);
      }
      json(
        'publicaciones.json',
        all.posts.map((post) => ({
          id: post.id,
          type: post.post_type,
          visibility: post.visibility,
          title: post.title,
          description: post.description,
          tags: post.tags,
          status: post.status,
          likes: post.likes_count,
          views: post.views_count,
          comments: post.comments_count,
          createdAt: post.created_at,
          files: mediaOf.get(post.id) ?? [],
        })),
      );

      const stories = [];
      for (const story of all.stories) {
        const files: string[] = [];
        for (const key of [story.image_key, story.video_key]) {
          const file = await mediaFile(key);
          if (!file) continue;
          const name = `historias/${story.id}/${path.posix.basename(file.key)}`;
          addStored(zip, file, name);
          files.push(name);
        }
        stories.push({
          id: story.id,
          audience: story.audience,
          kind: story.kind,
          highlighted: story.highlighted_at !== null,
          views: story.views_count,
          likes: story.likes_count,
          createdAt: story.created_at,
          files,
        });
      }
      json('historias.json', stories);
      json(
        'comentarios.json',
        all.comments.map((c) => ({ id: c.id, postId: c.post_id, replyTo: c.parent_id, text: c.text, likes: c.likes_count, createdAt: c.created_at })),
      );
      // The photos and videos the person sent in messages (what others sent them is theirs to take).
      const messageFiles = new Map<string, string>();
      for (let after: string | null = null; ; ) {
        const page = await data.sentMessageMedia(viewer.userId, after, MESSAGES_PAGE);
        for (const item of page) {
          const file = await mediaFile(item.key);
          if (!file) continue;
          const name = `mensajes/${item.message_id}-${path.posix.basename(file.key)}`;
          addStored(zip, file, name);
          messageFiles.set(item.message_id, name);
        }
        if (page.length < MESSAGES_PAGE) break;
        after = page[page.length - 1]!.message_id;
      }
      zip.addReadStream(Readable.from(messagesJson(viewer.userId, messageFiles)), 'mensajes.json');
      json('seguidos.json', all.following);
      json('seguidores.json', all.followers);
      json('me-gusta.json', all.liked);
      json('guardados.json', all.saved);
      json('bloqueados.json', all.blocked);
      json('suscripciones.json', all.subscriptions);
      json('pagos.json', all.payments);
      json(
        'reportes.json',
        all.reports.map((r) => ({ id: r.id, subjectType: r.subject_type, subjectId: r.subject_id, reason: r.reason, details: r.details, status: r.status, outcome: r.outcome, createdAt: r.created_at, decidedAt: r.decided_at })),
      );
      json(
        'sesiones.json',
        all.sessions.map((s) => ({ device: describeDevice(s.user_agent, language), userAgent: s.user_agent, ip: s.ip, createdAt: s.created_at, lastSeenAt: s.last_seen_at, current: s.id === viewer.sessionId })),
      );
      zip.end();
      const day = clock.now().toISOString().slice(0, 10);
      return { fileName: `wag-${profile.username}-${day}.zip`, stream: zip.outputStream as Readable };
    },

    /**
     * DELETE /api/account: with the current password (checked and throttled like a login), the
     * account goes at once: sessions, content, follows, likes, personal data and identity documents; the messages it
     * exchanged stay with the other people as "Cuenta eliminada"; its media files are swept.
     */
    async delete(viewer: Viewer, password: string | undefined): Promise<{ success: true; message: string }> {
      await confirmPassword(viewer, password);
      const { deleted, identityDocuments } = await data.deleteAccount(viewer.userId, clock.now());
      if (!deleted) throw new UnauthorizedError(messages.unauthorized);
      // Identity documents are no one else's and are never kept after the account.
      await removeIdentityDocuments(identityDocuments);
      // Folders no row names any more go now rather than at the next periodic sweep (the grace keeps
      // other people's uploads in flight, whose files are written before their rows).
      await jobs.enqueue({ name: 'storage.sweep', data: { graceMs: SWEEP_GRACE_MS } });
      jobsQueued();
      return { success: true, message: messages.accountDeleted };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;

