import type { BrandSettings } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { brandChanges } from './brand-changes';
import { qrPathFor } from './brands.service';
import { DEFAULT_CASHIER, DEFAULT_REGISTER_RULES } from './brand-defaults';

const base: BrandSettings = {
  general: {
    name: 'Jade',
    defaultLanguage: 'EN',
    languages: ['EN'],
    currencySymbol: 'P',
    timezone: 'Asia/Manila',
    loginedToHomePage: false,
    gtagId: null,
    logoPath: null,
    faviconPath: null,
    theme: null,
    social: { facebook: '', telegram: '', whatsapp: '' },
  },
  links: { hosts: ['jade.example'], resources: [], customerService: [], domainRoutes: [] },
  modules: [
    { modId: 'FREEPLAY', enabled: true, sort: 0 },
    { modId: 'PHONELOGIN', enabled: false, sort: 1 },
  ],
  registerRules: DEFAULT_REGISTER_RULES,
  cashier: DEFAULT_CASHIER,
  security: { legacyCrypto: false, passwordExpiryDays: null, enforcePasswordExpiry: false, geetestId: null },
};

describe('brandChanges', () => {
  it('answers nothing for the same settings', () => {
    expect(brandChanges(base, structuredClone(base))).toEqual([]);
  });

  it('names each change players notice, once', () => {
    const next = structuredClone(base);
    next.general.languages = ['EN', 'TH'];
    next.links.hosts = ['www.jade.example'];
    next.links.domainRoutes = [{ domain: 'm.jade.example', speed: 40 }];
    next.modules = [
      { modId: 'FREEPLAY', enabled: false, sort: 0 },
      { modId: 'PHONELOGIN', enabled: false, sort: 5 },
    ];
    next.registerRules = next.registerRules.map((r) =>
      r.field === 'email' ? { ...r, required: true } : r.field === 'qqNum' ? { ...r, enabled: true } : r,
    );
    next.cashier = { ...next.cashier, uplineTransfer: true };
    next.security = { ...next.security, passwordExpiryDays: 90 };
    expect(brandChanges(base, next)).toEqual([
      { kind: 'languages.added', subject: 'TH', from: null, to: null },
      { kind: 'host.added', subject: 'www.jade.example', from: null, to: null },
      { kind: 'host.removed', subject: 'jade.example', from: null, to: null },
      { kind: 'domain.routes', subject: null, from: '—', to: 'm.jade.example (40)' },
      { kind: 'module.hidden', subject: 'FREEPLAY', from: null, to: null },
      { kind: 'module.order', subject: 'PHONELOGIN', from: '1', to: '5' },
      { kind: 'register.field.required', subject: 'email', from: null, to: null },
      { kind: 'register.field.shown', subject: 'qqNum', from: null, to: null },
      { kind: 'transfer.upline', subject: null, from: null, to: 'true' },
      { kind: 'password.expiry', subject: null, from: null, to: '90' },
    ]);
  });

  it('keeps a drawn QR code while its address is unchanged, else draws one from the address', () => {
    const existing = [{ resource_type: 'IOS', url: 'https://a.example/ios', qr_path: 'qr/jade-ios.svg' }];
    expect(qrPathFor('JADE', { type: 'IOS', url: 'https://a.example/ios' }, existing)).toBe(
      'qr/jade-ios.svg',
    );
    expect(qrPathFor('JADE', { type: 'IOS', url: 'https://b.example/ios' }, existing)).toBe(
      '/app-qr/JADE-IOS.svg',
    );
    expect(qrPathFor('JADE', { type: 'ANDROID', url: 'https://a.example/apk' }, existing)).toBe(
      '/app-qr/JADE-ANDROID.svg',
    );
  });
});
