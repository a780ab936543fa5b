package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

/** Without {@code jazmin.console.enabled} the console is absent: its page and API are 404s. */
@SpringBootTest(properties = {"sample.customers.count=50", "jazmin.console.enabled=false"})
class ConsoleDisabledTests extends SampleMockMvc {

    @Test
    void theConsoleIsAbsent() throws Exception {
        MockMvc mvc = mvc();
        assertThat(context.containsBean("jazminConsoleHandlerMapping")).isFalse();
        for (String path : List.of("/jazmin-console/", "/jazmin-console", "/jazmin-console/viewer.js",
                "/jazmin-console/api/rows")) {
            assertThat(mvc.perform(MockMvcRequestBuilders.get(path)).andReturn().getResponse().getStatus())
                    .as(path).isEqualTo(404);
        }
        // The rest of the application answers as before.
        assertThat(mvc.perform(MockMvcRequestBuilders.get("/customers/count")).andReturn().getResponse().getStatus())
                .isEqualTo(200);
    }
}
