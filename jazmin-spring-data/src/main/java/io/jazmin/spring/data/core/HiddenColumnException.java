package io.jazmin.spring.data.core;

import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * An entity member is bound to a column the access key of its shared file does not see. Names the
 * file, the member and the column groups hidden from the key; raised at start-up.
 */
public class HiddenColumnException extends InvalidDataAccessApiUsageException {
    private final String fileName;
    private final String member;
    private final List<String> hiddenGroups;

    /**
     * @param fileName     the configured name of the file
     * @param member       the member, as {@code Entity.member}
     * @param column       the column it is bound to
     * @param hiddenGroups the column groups of the table hidden from the key
     * @param visibleGroups the column groups the key sees
     */
    public HiddenColumnException(String fileName, String member, String column, List<String> hiddenGroups,
                                 List<String> visibleGroups) {
        super("file '" + fileName + "' is shared, and its access key sees no column '" + column + "', which member "
                + member + " is bound to: the column groups hidden from the key are " + hiddenGroups
                + " (it sees " + visibleGroups + "); remove the member, or have the owner grant the group");
        this.fileName = fileName;
        this.member = member;
        this.hiddenGroups = List.copyOf(hiddenGroups);
    }

    /** The configured name of the file. */
    public String getFileName() {
        return fileName;
    }

    /** The member, as {@code Entity.member}. */
    public String getMember() {
        return member;
    }

    /** The column groups hidden from the key. */
    public List<String> getHiddenGroups() {
        return hiddenGroups;
    }
}
