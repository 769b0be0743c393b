import {
  REGISTER_FIELDS,
  SYSTEM_STATUS,
  type BrandInfo,
  type CustomerServiceEntry,
  type DomainRoute,
  type HelpCenter,
  type Language,
  type ModuleNode,
  type RegisterRule,
  type ServiceLink,
  type SystemStatusValue,
  CS_PATH_TYPE_WINDOW,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { type Brand, brandLogoPath, pickText } from '../../platform/brand';
import { sanitizeContent } from '../../platform/sanitize';
import { closureFor, type Closure } from '../../platform/request-context';
import type { SystemRepository } from './system.repository';

type NodeRow = { mod_id: string; parent_mod_id: string | null; enabled: boolean };

/** Builds the module tree from flat rows; children keep the rows' order. */
export function buildModuleTree(rows: NodeRow[]): ModuleNode[] {
  const nodes = new Map<string, ModuleNode>();
  for (const r of rows)
    nodes.set(r.mod_id, { modId: r.mod_id, enabled: r.enabled ? '1' : '0', childrenNodes: [] });
  const roots: ModuleNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.mod_id)!;
    const parent = r.parent_mod_id ? nodes.get(r.parent_mod_id) : undefined;
    if (parent) parent.childrenNodes.push(node);
    else roots.push(node);
  }
  return roots;
}

export class SystemService {
  constructor(
    private readonly repo: SystemRepository,
    /** Whether the member gets the VIP customer service (the VIP module's rule). */
    private readonly vipService: (merchant: string, memberId: string) => Promise<boolean>,
    /** The home page's average deposit and withdrawal times (the cashier report's); else the brand's configured ones. */
    private readonly cashierTimes: (brand: Brand) => Promise<Brand['stats']> = async (brand) => brand.stats,
  ) {}

  async whitelabel(brand: Brand): Promise<ModuleNode[]> {
    return buildModuleTree(await this.repo.listModuleNodes(brand.code));
  }

  async registerRules(brand: Brand): Promise<RegisterRule[]> {
    const rows = await this.repo.listRegisterRules(brand.code);
    return rows
      .filter((r): r is typeof r & { field: RegisterRule['field'] } =>
        (REGISTER_FIELDS as readonly string[]).includes(r.field),
      )
      .map((r) => ({
        field: r.field,
        enabled: r.enabled,
        required: r.required,
        acceptedPattern: r.accepted_pattern,
        patternId: r.pattern_id,
        minLength: r.min_length,
        maxLength: r.max_length,
      }));
  }

  async domainRoute(brand: Brand): Promise<DomainRoute> {
    const rows = await this.repo.listDomainRoutes(brand.code);
    return { domainList: rows.map((r) => ({ domain: r.domain, speed: r.speed })) };
  }

  async customerService(brand: Brand): Promise<CustomerServiceEntry[]> {
    const rows = await this.repo.listCustomerService(brand.code);
    return rows.map((r) => ({
      csPosition: r.cs_position,
      csType: r.cs_type as CustomerServiceEntry['csType'],
      path: r.path,
    }));
  }

  /** The permission call: everything the site needs at start-up, including whether it is closed. */
  /** `closure` is the caller's (request-context closureOf: a tester on a window's allowed list sees it open). */
  async status(
    brand: Brand,
    lang: Language,
    ip: string,
    closure: Closure = closureFor(brand, ip),
  ): Promise<SystemStatusValue> {
    const [whitelabel, register, resources, customerService, domainRoute, stats] = await Promise.all([
      this.whitelabel(brand),
      this.registerRules(brand),
      this.repo.listResources(brand.code),
      this.customerService(brand),
      this.domainRoute(brand),
      // A figure that cannot be read is not worth failing the site's start-up call for.
      this.cashierTimes(brand).catch(() => brand.stats),
    ]);
    const info: BrandInfo = {
      merchantCode: brand.code,
      brandName: brand.name,
      logoUrl: brandLogoPath(brand),
      currencySymbol: brand.currencySymbol,
      defaultLanguage: brand.defaultLanguage,
      languages: brand.languages,
      timezone: brand.timezone,
      loginedToHomePage: brand.loginedToHomePage,
      whitelabel,
      register,
      resources: resources.map((r) => ({ resourceType: r.resource_type, url: r.url, qrCodeUrl: r.qr_path })),
      customerService,
      analytics: { gtagId: brand.gtagId },
      domainRoute,
      imageCDNs: brand.imageCdns,
      launchGameCDNs: brand.launchGameCdns,
      social: brand.social,
      licence: pickText(brand.licence, lang, brand),
      stats,
      theme: brand.theme,
    };
    const status = closure.maintenance
      ? SYSTEM_STATUS.MAINTENANCE
      : closure.regionRestriction
        ? SYSTEM_STATUS.REGION_RESTRICTED
        : SYSTEM_STATUS.NORMAL;
    return {
      status,
      maintenance: closure.maintenance,
      maintenanceEndTime: closure.maintenance ? (closure.maintenanceEndTime?.toISOString() ?? null) : null,
      maintenanceMessage: closure.maintenanceMessage
        ? pickText(closure.maintenanceMessage, lang, brand)
        : null,
      regionRestriction: closure.regionRestriction,
      location: { ip, countryCode: closure.countryCode },
      info,
    };
  }

  async helpCenter(brand: Brand, lang: Language): Promise<HelpCenter> {
    const rows = await this.repo.listHelpSections(brand.code);
    return {
      list: rows.map((r) => ({
        tag: r.tag,
        title: pickText(r.title, lang, brand),
        content: sanitizeContent(pickText(r.content, lang, brand)),
      })),
    };
  }

  /**
   * The link the service window opens. VIP service goes to a member ranked above the threshold
   * (SPEC section 6); visitors and everyone else get live chat.
   */
  async serviceLink(brand: Brand, csPosition = 'HOME', memberId: string | null = null): Promise<ServiceLink> {
    const entries = await this.customerService(brand);
    const vip = memberId !== null && (await this.vipService(brand.code, memberId));
    const wanted = vip ? 'VIP' : 'LIVECHAT';
    const entry =
      entries.find((e) => e.csPosition === csPosition && e.csType === wanted) ??
      entries.find((e) => e.csType === wanted) ??
      entries[0];
    if (!entry) throw new AppError('system.not.found');
    return { csType: entry.csType, version: { pathList: [{ type: CS_PATH_TYPE_WINDOW, path: entry.path }] } };
  }
}
