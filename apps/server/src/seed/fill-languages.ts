import type { Kysely } from 'kysely';
import type { Database, LocalizedText } from '../db/schema';

/**
 * A stored text with the seed's translations it lacks added, or null when there is nothing to add
 * or the text is no longer the seed's.
 *
 * The seed never overwrites (an operator's edits survive restarts), yet a database seeded before
 * a language was translated should get it. So a stored text takes the seed's translations only
 * while its English is still the seed's English (an operator who rewrote the text keeps it as it
 * is), and only for languages it has no text for, or whose text is a copy of its English (what
 * the seed used to store as a placeholder). Every other language keeps what is stored.
 */
function withMissingLanguages(stored: LocalizedText, seeded: LocalizedText): LocalizedText | null {
  if (stored.EN === undefined || stored.EN !== seeded.EN) return null;
  let changed = false;
  const out: LocalizedText = { ...stored };
  for (const [lang, text] of Object.entries(seeded)) {
    const current = stored[lang];
    const placeholder = lang !== 'EN' && current === stored.EN && text !== current;
    if (current === undefined || current === '' || placeholder) {
      out[lang] = text;
      changed = true;
    }
  }
  return changed ? out : null;
}

/** One seeded text of a row, and the row's text as stored (JSON as the driver returns it). */
interface Pair {
  stored: unknown;
  seeded: LocalizedText;
}

/** The merged text of one column to write, or null to leave the column as it is. */
function merged(pair: Pair): string | null {
  const stored = pair.stored;
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const out = withMissingLanguages(stored as LocalizedText, pair.seeded);
  return out ? JSON.stringify(out) : null;
}

/** The brand texts the demo seed stores, by row: what fillMissingLanguages brings up to date. */
export interface SeededTexts {
  merchant: string;
  licence: LocalizedText;
  banners: { group: string; sort: number; title: LocalizedText }[];
  notices: { type: string; sort: number; title: LocalizedText; content: LocalizedText }[];
  help: { tag: string; title: LocalizedText; content: LocalizedText }[];
  channels: { code: string; name: LocalizedText }[];
}

/**
 * Adds the seed's translations to a brand's stored texts that lack them (withMissingLanguages
 * decides, per column). Rows the seed did not insert, or that an operator has deleted, are not
 * touched; a row whose texts are complete is not written.
 */
export async function fillMissingLanguages(db: Kysely<Database>, s: SeededTexts): Promise<void> {
  const brand = await db
    .selectFrom('merchant')
    .select('licence')
    .where('code', '=', s.merchant)
    .executeTakeFirst();
  const licence = brand && merged({ stored: brand.licence, seeded: s.licence });
  if (licence) await db.updateTable('merchant').set({ licence }).where('code', '=', s.merchant).execute();

  const banners = await db
    .selectFrom('banner')
    .select(['id', 'group_name', 'sort', 'title'])
    .where('merchant_code', '=', s.merchant)
    .execute();
  for (const b of s.banners) {
    const row = banners.find((r) => r.group_name === b.group && r.sort === b.sort);
    const title = row && merged({ stored: row.title, seeded: b.title });
    if (row && title) await db.updateTable('banner').set({ title }).where('id', '=', row.id).execute();
  }

  const notices = await db
    .selectFrom('announcement')
    .select(['id', 'type', 'sort', 'title', 'content'])
    .where('merchant_code', '=', s.merchant)
    .execute();
  for (const n of s.notices) {
    const row = notices.find((r) => r.type === n.type && r.sort === n.sort);
    if (!row) continue;
    const title = merged({ stored: row.title, seeded: n.title });
    const content = merged({ stored: row.content, seeded: n.content });
    if (title || content) {
      await db
        .updateTable('announcement')
        .set({ ...(title && { title }), ...(content && { content }) })
        .where('id', '=', row.id)
        .execute();
    }
  }

  const help = await db
    .selectFrom('help_section')
    .select(['tag', 'title', 'content'])
    .where('merchant_code', '=', s.merchant)
    .execute();
  for (const h of s.help) {
    const row = help.find((r) => r.tag === h.tag);
    if (!row) continue;
    const title = merged({ stored: row.title, seeded: h.title });
    const content = merged({ stored: row.content, seeded: h.content });
    if (title || content) {
      await db
        .updateTable('help_section')
        .set({ ...(title && { title }), ...(content && { content }) })
        .where('merchant_code', '=', s.merchant)
        .where('tag', '=', h.tag)
        .execute();
    }
  }

  const channels = await db
    .selectFrom('payment_channel')
    .select(['code', 'name'])
    .where('merchant_code', '=', s.merchant)
    .execute();
  for (const c of s.channels) {
    const row = channels.find((r) => r.code === c.code);
    const name = row && merged({ stored: row.name, seeded: c.name });
    if (name) {
      await db
        .updateTable('payment_channel')
        .set({ name })
        .where('merchant_code', '=', s.merchant)
        .where('code', '=', c.code)
        .execute();
    }
  }
}
