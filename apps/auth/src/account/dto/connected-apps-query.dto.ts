import { IsIn, IsOptional } from 'class-validator';

/** After a disconnect the page says whether every gateway was told at once. */
export class ConnectedAppsQueryDto {
  @IsOptional()
  @IsIn(['everywhere', 'delayed'])
  disconnected?: 'everywhere' | 'delayed';
}
