import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The `jti` of every assertion exchanged at /oauth2/token, kept until the assertion would have
 * expired anyway, so a replay is refused by every auth process (the primary key decides).
 */
@Entity({ name: 'used_jtis' })
@Index('idx_used_jtis_expires', ['expiresAt'])
export class UsedJti {
  @PrimaryColumn('text', { name: 'jti', primaryKeyConstraintName: 'pk_used_jtis' })
  jti!: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}
