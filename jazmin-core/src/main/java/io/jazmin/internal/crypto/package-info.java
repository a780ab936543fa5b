/**
 * Keys and encryption (spec §1.18): key and access-key texts, the HKDF key schedule, AES-256-GCM sections,
 * password key derivation (PBKDF2), and the keys of embedded-file contents.
 */
package io.jazmin.internal.crypto;
