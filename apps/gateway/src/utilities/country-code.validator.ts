import { ValidateBy, ValidationOptions } from 'class-validator';
import { isCountryCode } from '@app/normalize';

/** An ISO 3166-1 alpha-2 code we know, in any case (`us`, `GB`). */
export function IsCountryCode(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCountryCode',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isCountryCode(value),
        defaultMessage: (args) =>
          `${args?.property} must be an ISO 3166-1 alpha-2 country code such as US, GB or DE`,
      },
    },
    options,
  );
}
