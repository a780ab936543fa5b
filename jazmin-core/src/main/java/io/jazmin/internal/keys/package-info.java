/**
 * Engine-internal key primitives below both the public key types and the crypto layer: PBKDF2 and HKDF (from the
 * JDK's JCA and BouncyCastle) and the checksummed base64url key texts.
 */
package io.jazmin.internal.keys;
