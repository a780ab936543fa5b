package io.jazmin.internal.crypto;

/**
 * The keyring group whose salt derives a section's key (spec §1.18), chosen from the section id
 * alone so that code writing or reading sections never needs to know about encryption.
 */
enum KeyGroup {
    /** Chunk parts, directory segments, statistics, deletes, partition table, deltas: all the rest. */
    DATA("data"),
    /** Every {@code <t>/index/…} section: index directories, pages, null postings, trigram indexes. */
    INDEX("index"),
    /** Embedded-file directories {@code files/dir…}. */
    FILES("files");

    private final String label;

    KeyGroup(String label) {
        this.label = label;
    }

    /** The group's name in the keyring. */
    String label() {
        return label;
    }

    static KeyGroup of(String sectionId) {
        if (sectionId.equals("files/dir") || sectionId.startsWith("files/dir/")) {
            return FILES;
        }
        int slash = sectionId.indexOf('/');
        if (slash > 0 && sectionId.startsWith("index/", slash + 1) && digits(sectionId, slash)) {
            return INDEX;
        }
        return DATA;
    }

    private static boolean digits(String s, int end) {
        for (int i = 0; i < end; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
