// A control route's refusal: the status, a stable code and a message that says what to do. The control
// routes answer it as the ControlErrorBody of src/wire/apps.ts.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AttemptInfo, ControlErrorBody, ManifestProblem } from '../../../wire/apps.ts';

export class ControlError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: {
      problems?: ManifestProblem[];
      answer?: AttemptInfo;
      deliveryId?: number;
      appId?: string;
      inView?: string;
    } = {},
  ) {
    super(message);
  }

  body(): ControlErrorBody {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}
