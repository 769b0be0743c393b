import { describe, expect, it } from 'vitest';
import { layoutViolation } from './eslint-layout-rule.js';

describe('layout rule', () => {
  it('keeps web features apart', () => {
    expect(
      layoutViolation(
        'apps/web/src/features/messages/api/a.ts',
        'apps/web/src/features/games/api/get-vendors',
      ),
    ).toMatch(/Features do not import each other/);
    expect(
      layoutViolation(
        'apps/web/src/features/games/components/x.tsx',
        'apps/web/src/features/games/api/get-vendors',
      ),
    ).toBeNull();
    expect(
      layoutViolation('apps/web/src/app/routes/home.tsx', 'apps/web/src/features/games/api/get-vendors'),
    ).toBeNull();
  });

  it('keeps app/ out of features and shared code, but main.tsx may mount it', () => {
    expect(layoutViolation('apps/web/src/lib/brand.tsx', 'apps/web/src/app/query-client')).toMatch(
      /app\/ composes/,
    );
    expect(layoutViolation('apps/web/src/features/system/x.ts', 'apps/web/src/app/router')).toMatch(
      /app\/ composes/,
    );
    expect(layoutViolation('apps/web/src/main.tsx', 'apps/web/src/app/app')).toBeNull();
  });

  it('lets a server module use another only through its public entry', () => {
    expect(
      layoutViolation(
        'apps/server/src/modules/games/a.ts',
        'apps/server/src/modules/system/system.repository',
      ),
    ).toMatch(/only through its public entry/);
    expect(
      layoutViolation('apps/server/src/modules/games/a.ts', 'apps/server/src/modules/system/system.service'),
    ).toMatch(/only through its public entry/);
    expect(
      layoutViolation('apps/server/src/modules/games/a.ts', 'apps/server/src/modules/system'),
    ).toBeNull();
    expect(
      layoutViolation('apps/server/src/modules/games/a.ts', 'apps/server/src/modules/system/index'),
    ).toBeNull();
    expect(
      layoutViolation(
        'apps/server/src/modules/games/a.ts',
        'apps/server/src/modules/games/vendor.repository',
      ),
    ).toBeNull();
    expect(layoutViolation('apps/server/src/platform/brand.ts', 'apps/server/src/modules/system')).toMatch(
      /Platform plugins/,
    );
  });
});
