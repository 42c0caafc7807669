import { REGISTRATION_POLICIES } from '@app/shared/api/registration';
import { describe, expect, it } from 'vitest';
import type { Brand } from '../../../brands/brand';
import { cobalt } from '../../../brands/cobalt/config';
import { fjord } from '../../../brands/fjord/config';
import { harbor } from '../../../brands/harbor/config';
import { lumen } from '../../../brands/lumen/config';
import { saffron } from '../../../brands/saffron/config';
import { tidewater } from '../../../brands/tidewater/config';

/**
 * The server enforces who may register under which brand (packages/shared REGISTRATION_POLICIES);
 * the brand configs shape the screens. They must say the same, or a form would offer what the
 * server refuses.
 */
describe('registration policy', () => {
  it.each([harbor, lumen, cobalt, fjord, saffron, tidewater].map((brand): [string, Brand] => [brand.id, brand]))(
    '%s offers what the server accepts',
    (_id, brand) => {
      const policy = REGISTRATION_POLICIES[brand.id];
      expect(brand.registration.isSelfRegistrationEnabled).toBe(policy.isSelfRegistrationEnabled);
      expect([...brand.registration.personalTypes]).toEqual([...policy.personalTypes]);
    },
  );
});
