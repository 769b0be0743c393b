import type { Db } from '../../db/repository';

/** Brand configuration reads for the permission call and the help centre. SQL only. */
export class SystemRepository {
  constructor(private readonly db: Db) {}

  listModuleNodes(merchant: string) {
    return this.db
      .selectFrom('module_node')
      .select(['mod_id', 'parent_mod_id', 'enabled'])
      .where('merchant_code', '=', merchant)
      .orderBy('sort')
      .orderBy('mod_id')
      .execute();
  }

  listRegisterRules(merchant: string) {
    return this.db
      .selectFrom('register_rule')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .orderBy('sort')
      .execute();
  }

  listResources(merchant: string) {
    return this.db
      .selectFrom('app_resource')
      .select(['resource_type', 'url', 'qr_path'])
      .where('merchant_code', '=', merchant)
      .orderBy('sort')
      .execute();
  }

  listCustomerService(merchant: string) {
    return this.db
      .selectFrom('customer_service')
      .select(['cs_position', 'cs_type', 'path'])
      .where('merchant_code', '=', merchant)
      .orderBy('cs_position')
      .orderBy('cs_type')
      .execute();
  }

  listDomainRoutes(merchant: string) {
    return this.db
      .selectFrom('domain_route')
      .select(['domain', 'speed'])
      .where('merchant_code', '=', merchant)
      .orderBy('speed')
      .orderBy('domain')
      .execute();
  }

  /** The published help pages (drafts are staff's work in progress). */
  listHelpSections(merchant: string) {
    return this.db
      .selectFrom('help_section')
      .select(['tag', 'title', 'content'])
      .where('merchant_code', '=', merchant)
      .where('published', '=', true)
      .orderBy('sort')
      .execute();
  }
}
