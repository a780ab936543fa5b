package io.jazmin.error;

/**
 * The bytes of an embedded file read whole do not match the SHA-256 its directory records (spec
 * §1.23): the file is damaged or was tampered with.
 */
public class EmbeddedFileDamagedException extends JazminFormatException {
    private final String path;

    /**
     * @param path      the embedded file's path
     * @param sectionId the directory section that records the digest
     */
    public EmbeddedFileDamagedException(String path, String sectionId) {
        super("embedded file '" + path + "' does not match its sha256: the file is damaged", sectionId, -1);
        this.path = path;
    }

    /** The path of the embedded file whose bytes are wrong. */
    public String path() {
        return path;
    }
}
