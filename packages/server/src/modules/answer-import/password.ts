/**
 * Password hashes of accounts moved from Apache Answer: Answer stores bcrypt (`$2a$`/`$2b$`/`$2y$`, Go's
 * golang.org/x/crypto/bcrypt, internal/migrations/init.go). The login checks them with these functions and
 * replaces them with our argon2id hash at the first successful login (user.service.ts).
 */
import { verify } from '@node-rs/bcrypt';

/** True for a bcrypt hash as Answer stores it. */
export function isBcryptHash(stored: string): boolean {
  return /^\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}$/.test(stored);
}

/** Checks a password against a bcrypt hash; false (never an error) for a malformed hash. */
export async function verifyBcrypt(stored: string, password: string): Promise<boolean> {
  return verify(password, stored).catch(() => false);
}
