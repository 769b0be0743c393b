import type { BrandSettings } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { brandChanges } from './brand-changes';
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
  links: { hosts: ['jade.example'], resources: [], customerService: [] },
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
      { kind: 'module.hidden', subject: 'FREEPLAY', from: null, to: null },
      { kind: 'module.order', subject: 'PHONELOGIN', from: '1', to: '5' },
      { kind: 'register.field.required', subject: 'email', from: null, to: null },
      { kind: 'register.field.shown', subject: 'qqNum', from: null, to: null },
      { kind: 'transfer.upline', subject: null, from: null, to: 'true' },
      { kind: 'password.expiry', subject: null, from: null, to: '90' },
    ]);
  });
});
