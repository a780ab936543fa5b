package io.jazmin.internal.writer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TempFilesTest {
    private static final String PREFIX = ".loans.jzm.";

    @Test
    void aNewVersionOrLockFileOfTheTargetIsItsTemporaryFile() {
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.0123456789abcdef.jzm.tmp")).isTrue();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.fedcba9876543210.lock.tmp")).isTrue();
    }

    @Test
    void anotherFilesTemporaryFileOrAnyOtherNameIsNot() {
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".other.jzm.0123456789abcdef.jzm.tmp")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.x.0123456789abcdef.jzm.tmp")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.0123456789ABCDEF.jzm.tmp")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.0123456789abcde.jzm.tmp")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.0123456789abcdef0.jzm.tmp")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.0123456789abcdef.jzm")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.0123456789abcdef.lock")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, "loans.jzm")).isFalse();
        assertThat(TempFiles.isTemporaryOf(PREFIX, ".loans.jzm.0123456789abcdef.tmp.jzm.tmp")).isFalse();
    }
}
