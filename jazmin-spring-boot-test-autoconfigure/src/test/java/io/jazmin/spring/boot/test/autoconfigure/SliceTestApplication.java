package io.jazmin.spring.boot.test.autoconfigure;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application the slice tests start (its component scan finds {@link NotInSlice}). */
@SpringBootApplication
public class SliceTestApplication {
}
