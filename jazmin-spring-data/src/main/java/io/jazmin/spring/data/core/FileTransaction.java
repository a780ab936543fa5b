package io.jazmin.spring.data.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files one transaction has written, each through its {@link WorkingCopy}. Bound to the
 * transaction's thread by {@link JazminTransactionManager}; not thread-safe.
 */
final class FileTransaction {
    private final Map<FileAccess, WorkingCopy> copies = new LinkedHashMap<>();
    private boolean rollbackOnly;

    /** The copy of {@code file} this transaction works on, or {@code null} when it has not written it. */
    WorkingCopy copyOf(FileAccess file) {
        return copies.get(file);
    }

    /** The copy of {@code file}, taken now on the transaction's first write of it. */
    WorkingCopy join(FileAccess file) {
        WorkingCopy copy = copies.get(file);
        if (copy == null) {
            file.beginTransaction();
            try {
                copy = WorkingCopy.of(file);
            } catch (RuntimeException e) {
                file.endTransaction();
                throw e;
            }
            copies.put(file, copy);
        }
        return copy;
    }

    void setRollbackOnly() {
        rollbackOnly = true;
    }

    boolean isRollbackOnly() {
        return rollbackOnly;
    }

    /**
     * Commits every file, each as one new version, in the order they were first written. Each file
     * commits atomically on its own: when a later file fails, the earlier ones stay committed.
     */
    void commit() {
        for (WorkingCopy copy : copies.values()) {
            copy.commit();
        }
    }

    /** Drops every copy and releases the files' write locks. */
    void close() {
        List<RuntimeException> failures = new ArrayList<>();
        for (WorkingCopy copy : copies.values()) {
            try {
                copy.close();
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        copies.clear();
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }
}
