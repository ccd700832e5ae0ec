import helmet from 'helmet';
import type { AppConfig } from './config';

/**
 * Every asset is same-origin and the HTML carries no executable inline script
 * (only JSON data blocks), so the policy needs no nonce and no 'unsafe-*'.
 * Inline style attributes are blocked too: styles live in the stylesheet.
 */
export function securityHeaders(config: Pick<AppConfig, 'siteUrl'>) {
  const https = config.siteUrl.startsWith('https:');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over HTTPS; on plain HTTP it would be ignored or wrong.
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
