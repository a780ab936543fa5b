package io.jazmin.spring.boot.test.autoconfigure;

import org.springframework.stereotype.Component;

/** An application component a {@link DataJazminTest} must leave out. */
@Component
public class NotInSlice {
}
