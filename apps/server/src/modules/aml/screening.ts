import type { AmlListKind } from '@app/contracts';
import { normalizeName } from './aml-rules';
import type { AmlRepository } from './aml.repository';

/** Who is screened. */
export interface ScreeningSubject {
  merchant: string;
  name: string;
  /** yyyy-mm-dd when known. */
  dateOfBirth: string | null;
}

/** A list entry the subject matched. */
export interface ScreeningHit {
  listKind: AmlListKind;
  entryId: string;
  name: string;
  dateOfBirth: string | null;
  country: string | null;
}

/**
 * A sanctions / PEP / restricted-persons screening source. The local implementation reads the
 * lists a brand uploads; a commercial screening service would implement the same call.
 */
export interface ScreeningProvider {
  check(subject: ScreeningSubject): Promise<ScreeningHit[]>;
}

/**
 * Screening against the brand's uploaded lists: the normalised name must be equal (case, accents,
 * spacing and token order ignored), and the dates of birth too where both are known.
 */
export class LocalListScreening implements ScreeningProvider {
  constructor(private readonly repo: AmlRepository) {}

  async check(subject: ScreeningSubject): Promise<ScreeningHit[]> {
    const key = normalizeName(subject.name);
    if (!key) return [];
    const rows = await this.repo.listMatches(subject.merchant, key);
    return rows
      .filter((r) => !r.date_of_birth || !subject.dateOfBirth || r.date_of_birth === subject.dateOfBirth)
      .map((r) => ({
        listKind: r.list_kind,
        entryId: String(r.id),
        name: r.name,
        dateOfBirth: r.date_of_birth,
        country: r.country,
      }));
  }
}

/** Lists whose match blocks deposits and betting until staff decide the case. */
export const BLOCKING_LISTS: readonly AmlListKind[] = ['SANCTIONS', 'RESTRICTED'];
