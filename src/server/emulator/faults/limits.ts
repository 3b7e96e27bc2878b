// The meter of the service's limit of simultaneous API requests (api/in-flight.ts), per account by name.
import type { LimitsResponse } from '../../../wire/faults.ts';
import type { EmulatorApi } from '../api/routes.ts';
import type { EmulatorConfig } from '../config.ts';

export function accountLimits(config: EmulatorConfig, api: EmulatorApi): LimitsResponse {
  return {
    max: config.maxInFlight,
    accounts: api.inFlight.meter().map(({ key, ...use }) => {
      // The limiter's key is `domain:userId` (api/in-flight.ts inFlightKey).
      const cut = key.indexOf(':');
      const id = key.slice(cut + 1);
      const user = config.data.users.find((u) => String(u.id) === id) ?? api.extraUser(id);
      return { account: user?.username ?? id, domain: key.slice(0, cut) || null, ...use };
    }),
  };
}
