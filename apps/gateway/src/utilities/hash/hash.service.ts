import { Injectable } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import { hashNormalizedEmail, tryNormalizeEmail } from '@app/normalize';
import { EmailHashRequestDto, EmailHashResponseDto } from './dto/email-hash.dto';

@Injectable()
export class HashService {
  hashEmail(request: EmailHashRequestDto): EmailHashResponseDto {
    const r = tryNormalizeEmail(request.email);
    if (!r.ok) {
      throw new ServiceError(
        'invalid_email',
        `email is not a valid email address (${r.reason.replace(/_/g, ' ')})`,
        {
          field: 'email',
          reason: r.reason,
        },
      );
    }
    return { email: request.email, normalized_email: r.email, hashes: hashNormalizedEmail(r.email) };
  }
}
