/**
 * Keys and their texts: {@link io.jazmin.key.JazminKey} ({@code jzk1-}, 32-byte file keys),
 * {@link io.jazmin.key.AccessKeyText} ({@code jza1-}, shared-file access keys) and the
 * {@link io.jazmin.key.DerivedKeyCache} that spares repeated PBKDF2 runs for one password. Their {@code toString}
 * never shows key material.
 */
package io.jazmin.key;
