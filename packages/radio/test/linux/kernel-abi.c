/* Prints the kernel's spidev and GPIO v2 numbers as JSON, so kernel-abi.test.ts can compare them with ours. */
#include <stddef.h>
#include <stdio.h>
#include <linux/gpio.h>
#include <linux/spi/spidev.h>

#define NUM(name, value) printf("  \"%s\": %llu,\n", name, (unsigned long long)(value))
#define OFF(type, field) NUM(#type "." #field, offsetof(struct type, field))
#define SIZE(type) NUM("sizeof " #type, sizeof(struct type))

int main(void) {
  printf("{\n");
  NUM("SPI_IOC_MESSAGE(1)", SPI_IOC_MESSAGE(1));
  NUM("SPI_IOC_MESSAGE(2)", SPI_IOC_MESSAGE(2));
  NUM("SPI_IOC_MESSAGE(3)", SPI_IOC_MESSAGE(3));
  NUM("SPI_IOC_MESSAGE(17)", SPI_IOC_MESSAGE(17));
  NUM("SPI_IOC_MESSAGE(511)", SPI_IOC_MESSAGE(511));
  NUM("SPI_IOC_MESSAGE(512)", SPI_IOC_MESSAGE(512));
  NUM("SPI_IOC_WR_MODE", SPI_IOC_WR_MODE);
  NUM("SPI_IOC_WR_MODE32", SPI_IOC_WR_MODE32);
  NUM("SPI_IOC_WR_MAX_SPEED_HZ", SPI_IOC_WR_MAX_SPEED_HZ);
  NUM("SPI_IOC_WR_BITS_PER_WORD", SPI_IOC_WR_BITS_PER_WORD);
  NUM("SPI_CPHA", SPI_CPHA);
  NUM("SPI_CPOL", SPI_CPOL);
  NUM("SPI_CS_HIGH", SPI_CS_HIGH);
  NUM("SPI_LSB_FIRST", SPI_LSB_FIRST);
  NUM("SPI_3WIRE", SPI_3WIRE);
  NUM("SPI_LOOP", SPI_LOOP);
  NUM("SPI_NO_CS", SPI_NO_CS);
  NUM("SPI_READY", SPI_READY);
  SIZE(spi_ioc_transfer);
  OFF(spi_ioc_transfer, tx_buf);
  OFF(spi_ioc_transfer, rx_buf);
  OFF(spi_ioc_transfer, len);
  OFF(spi_ioc_transfer, speed_hz);
  OFF(spi_ioc_transfer, delay_usecs);
  OFF(spi_ioc_transfer, bits_per_word);
  OFF(spi_ioc_transfer, cs_change);
  OFF(spi_ioc_transfer, tx_nbits);
  OFF(spi_ioc_transfer, rx_nbits);
  OFF(spi_ioc_transfer, word_delay_usecs);
  OFF(spi_ioc_transfer, pad);

  NUM("GPIO_GET_CHIPINFO_IOCTL", GPIO_GET_CHIPINFO_IOCTL);
  NUM("GPIO_V2_GET_LINE_IOCTL", GPIO_V2_GET_LINE_IOCTL);
  NUM("GPIO_V2_LINE_SET_CONFIG_IOCTL", GPIO_V2_LINE_SET_CONFIG_IOCTL);
  NUM("GPIO_V2_LINE_GET_VALUES_IOCTL", GPIO_V2_LINE_GET_VALUES_IOCTL);
  NUM("GPIO_V2_LINE_SET_VALUES_IOCTL", GPIO_V2_LINE_SET_VALUES_IOCTL);
  NUM("GPIO_V2_LINES_MAX", GPIO_V2_LINES_MAX);
  NUM("GPIO_MAX_NAME_SIZE", GPIO_MAX_NAME_SIZE);
  NUM("GPIO_V2_LINE_NUM_ATTRS_MAX", GPIO_V2_LINE_NUM_ATTRS_MAX);
  NUM("GPIO_V2_LINE_FLAG_USED", GPIO_V2_LINE_FLAG_USED);
  NUM("GPIO_V2_LINE_FLAG_ACTIVE_LOW", GPIO_V2_LINE_FLAG_ACTIVE_LOW);
  NUM("GPIO_V2_LINE_FLAG_INPUT", GPIO_V2_LINE_FLAG_INPUT);
  NUM("GPIO_V2_LINE_FLAG_OUTPUT", GPIO_V2_LINE_FLAG_OUTPUT);
  NUM("GPIO_V2_LINE_FLAG_EDGE_RISING", GPIO_V2_LINE_FLAG_EDGE_RISING);
  NUM("GPIO_V2_LINE_FLAG_EDGE_FALLING", GPIO_V2_LINE_FLAG_EDGE_FALLING);
  NUM("GPIO_V2_LINE_FLAG_OPEN_DRAIN", GPIO_V2_LINE_FLAG_OPEN_DRAIN);
  NUM("GPIO_V2_LINE_FLAG_OPEN_SOURCE", GPIO_V2_LINE_FLAG_OPEN_SOURCE);
  NUM("GPIO_V2_LINE_FLAG_BIAS_PULL_UP", GPIO_V2_LINE_FLAG_BIAS_PULL_UP);
  NUM("GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN", GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN);
  NUM("GPIO_V2_LINE_FLAG_BIAS_DISABLED", GPIO_V2_LINE_FLAG_BIAS_DISABLED);
  NUM("GPIO_V2_LINE_FLAG_EVENT_CLOCK_REALTIME", GPIO_V2_LINE_FLAG_EVENT_CLOCK_REALTIME);
  NUM("GPIO_V2_LINE_ATTR_ID_FLAGS", GPIO_V2_LINE_ATTR_ID_FLAGS);
  NUM("GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES", GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES);
  NUM("GPIO_V2_LINE_ATTR_ID_DEBOUNCE", GPIO_V2_LINE_ATTR_ID_DEBOUNCE);
  NUM("GPIO_V2_LINE_EVENT_RISING_EDGE", GPIO_V2_LINE_EVENT_RISING_EDGE);
  NUM("GPIO_V2_LINE_EVENT_FALLING_EDGE", GPIO_V2_LINE_EVENT_FALLING_EDGE);
  SIZE(gpiochip_info);
  OFF(gpiochip_info, name);
  OFF(gpiochip_info, label);
  OFF(gpiochip_info, lines);
  SIZE(gpio_v2_line_values);
  OFF(gpio_v2_line_values, bits);
  OFF(gpio_v2_line_values, mask);
  SIZE(gpio_v2_line_attribute);
  OFF(gpio_v2_line_attribute, id);
  OFF(gpio_v2_line_attribute, padding);
  OFF(gpio_v2_line_attribute, flags);
  OFF(gpio_v2_line_attribute, values);
  OFF(gpio_v2_line_attribute, debounce_period_us);
  SIZE(gpio_v2_line_config_attribute);
  OFF(gpio_v2_line_config_attribute, attr);
  OFF(gpio_v2_line_config_attribute, mask);
  SIZE(gpio_v2_line_config);
  OFF(gpio_v2_line_config, flags);
  OFF(gpio_v2_line_config, num_attrs);
  OFF(gpio_v2_line_config, padding);
  OFF(gpio_v2_line_config, attrs);
  SIZE(gpio_v2_line_request);
  OFF(gpio_v2_line_request, offsets);
  OFF(gpio_v2_line_request, consumer);
  OFF(gpio_v2_line_request, config);
  OFF(gpio_v2_line_request, num_lines);
  OFF(gpio_v2_line_request, event_buffer_size);
  OFF(gpio_v2_line_request, padding);
  OFF(gpio_v2_line_request, fd);
  SIZE(gpio_v2_line_event);
  OFF(gpio_v2_line_event, timestamp_ns);
  OFF(gpio_v2_line_event, id);
  OFF(gpio_v2_line_event, offset);
  OFF(gpio_v2_line_event, seqno);
  OFF(gpio_v2_line_event, line_seqno);
  OFF(gpio_v2_line_event, padding);
  printf("  \"end\": 0\n}\n");
  return 0;
}
