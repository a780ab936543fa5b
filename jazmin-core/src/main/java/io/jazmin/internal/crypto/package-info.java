/**
 * Encryption (spec §1.18): the HKDF key schedule, AES-256-GCM sections, the key set-up of
 * password files and shared files, and the keys of embedded-file contents.
 */
package io.jazmin.internal.crypto;
