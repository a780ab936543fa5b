package io.jazmin.schema;

/**
 * What a file shows without its key or password (spec §1.1, the preamble and trailer, which are
 * never encrypted): the format version, the preamble flags, how it is encrypted and its size.
 * Tables, columns, metadata and embedded files need the secret.
 *
 * @param formatVersion the format's major version the magic names ({@code 1} for {@code JZM1})
 * @param encrypted     whether the sections are encrypted
 * @param password      whether the key derives from a password (PBKDF2)
 * @param access        whether the file is shared (access-controlled: an owner key and access keys)
 * @param appended      whether the current version was made by an append
 * @param recovered     whether the last append is unfinished or cut and an earlier version is current
 * @param kdfIterations PBKDF2 iterations of a password file, else 0
 * @param fileBytes     the file's size in bytes
 */
public record FileFacts(int formatVersion, boolean encrypted, boolean password, boolean access, boolean appended,
                        boolean recovered, long kdfIterations, long fileBytes) {

    /** How the file is encrypted. */
    public enum Encryption {
        /** Not encrypted. */
        NONE("none"),
        /** With a 256-bit key ({@code jzk1-}). */
        KEY("key"),
        /** With a key derived from a password. */
        PASSWORD("password"),
        /** A shared file: the owner key and access keys ({@code jza1-}) with their grants. */
        SHARED("shared");

        private final String text;

        Encryption(String text) {
            this.text = text;
        }

        /** The lower-case name used in JSON. */
        public String text() {
            return text;
        }
    }

    /** How the file is encrypted, from its flags. */
    public Encryption encryption() {
        if (!encrypted) {
            return Encryption.NONE;
        }
        if (password) {
            return Encryption.PASSWORD;
        }
        return access ? Encryption.SHARED : Encryption.KEY;
    }
}
